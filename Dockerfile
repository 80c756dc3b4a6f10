# The companion server as one image, built in stages so that neither Node
# nor a compiler reaches the image that runs:
#   client   the Socket.IO browser client, pinned by package-lock.json
#   wheel    the wheel (setup.py's hook finds the client in place: no npm)
#   runtime  a venv with the wheel and its pinned dependencies, nothing else
# Base images are build arguments; on a machine without a registry
# scripts/container-base makes local ones under these names from Debian's
# packages.  Podman keeps the HEALTHCHECK only in the docker format:
# `podman build --format docker` (or BUILDAH_FORMAT=docker).
ARG NODE_IMAGE=node:20-slim
ARG PYTHON_IMAGE=python:3.11-slim

FROM ${NODE_IMAGE} AS client
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund

# the dependencies alone: their install layer below stays cached until
# pyproject.toml's dependencies change
FROM ${PYTHON_IMAGE} AS requirements
COPY pyproject.toml /src/
RUN python3 -c "import tomllib; \
deps = tomllib.load(open('/src/pyproject.toml', 'rb'))['project']['dependencies']; \
open('/src/requirements.txt', 'w').write('\n'.join(deps) + '\n')"

FROM ${PYTHON_IMAGE} AS wheel
RUN python3 -m venv /build
WORKDIR /src
COPY pyproject.toml setup.py ./
COPY companion ./companion
COPY --from=client /src/node_modules/socket.io-client/dist/socket.io.min.js \
     companion/static/vendor/socket.io.min.js
RUN /build/bin/pip wheel --no-cache-dir --no-deps --wheel-dir /dist .

FROM ${PYTHON_IMAGE}
ENV PATH=/opt/companion/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    COMPANION_DB=/data/rooms.sqlite3 \
    HOME=/data
# a user of its own; /data holds the SQLite file (without REDIS_URL) and
# the certificate of --https
RUN useradd --user-group --uid 10001 --shell /usr/sbin/nologin \
        --home-dir /data --no-create-home companion \
    && mkdir -p /data && chown companion:companion /data
RUN python3 -m venv /opt/companion
COPY --from=requirements /src/requirements.txt /tmp/requirements.txt
RUN pip install --no-cache-dir --disable-pip-version-check -r /tmp/requirements.txt
COPY --from=wheel /dist/ /tmp/dist/
RUN pip install --no-cache-dir --disable-pip-version-check /tmp/dist/*.whl \
    && rm -rf /tmp/dist /tmp/requirements.txt
VOLUME /data
WORKDIR /data
USER companion
EXPOSE 5000
# python's urllib: slim images have no curl; an HTTP error (503: the store
# does not answer) fails the check as well
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:5000/healthz', timeout=4)"]
CMD ["companion", "serve", "--host", "0.0.0.0", "--port", "5000"]
