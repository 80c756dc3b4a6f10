def test_create_join_start_pick(table):
    a, _ = table.join("Sylvia"), table.join("Gregor")
    assert table.host_act(type="start", first=a).status_code == 200
    view = table.view(table.tokens[a])
    assert view["status"] == "playing"
    assert view["you"]["secret"]["letter"]
    r = table.seat_act(a, type="pick", number=2)
    assert r.status_code == 200, r.json
