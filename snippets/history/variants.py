from gated import markdown, variants

d, H = 100, 500
lstm = variants.count("lstm", d, H)
assert variants.count("peephole", d, H) - lstm == 3 * H  # three peepholes of H weights each
one_fewer = {variants.count(key, d, H) for key in ("lstm1997", "cifg", "gru")}
assert one_fewer == {lstm * 3 // 4}  # one block fewer, whichever gate it served

print(markdown(variants.table(d, H)))
