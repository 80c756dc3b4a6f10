/* Loaded into the test's Chromium (LD_PRELOAD, tests/quiet_network.py):
   its route-netlink socket is refused, so Chromium takes the machine as
   always online and never aborts a load with net::ERR_NETWORK_CHANGED when
   podman adds or removes a container's interface (tests/deploy runs beside
   the browser tests).  glibc's own uses of netlink (getifaddrs) do not pass
   through this symbol and are untouched. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <linux/netlink.h>
#include <sys/socket.h>

int socket(int domain, int type, int protocol) {
  static int (*real)(int, int, int);
  if (domain == AF_NETLINK && protocol == NETLINK_ROUTE) {
    errno = EAFNOSUPPORT;
    return -1;
  }
  if (!real) real = (int (*)(int, int, int))dlsym(RTLD_NEXT, "socket");
  return real(domain, type, protocol);
}
