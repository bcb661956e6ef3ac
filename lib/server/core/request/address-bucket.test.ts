import { addressBucket } from "./address-bucket";

describe("addressBucket", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(addressBucket("203.0.113.9")).toBe("203.0.113.9");
    expect(addressBucket("203.0.113.10")).not.toBe(addressBucket("203.0.113.9"));
  });

  it("reads an IPv4-mapped IPv6 address as its IPv4 address, however it is written", () => {
    for (const mapped of ["::ffff:203.0.113.9", "::FFFF:203.0.113.9", "0:0:0:0:0:ffff:cb00:7109", "::ffff:cb00:7109", "[::ffff:203.0.113.9]"]) {
      expect(addressBucket(mapped)).toBe("203.0.113.9");
    }
  });

  it("puts two addresses of one /64 in one bucket", () => {
    expect(addressBucket("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(addressBucket("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe(addressBucket("2001:db8:1:2::1"));
    expect(addressBucket("2001:db8:1:2:a:b:c:d")).toBe(addressBucket("2001:0db8:0001:0002:0000:0000:0000:0009"));
  });

  it("keeps different /64s apart, even when only the fourth group differs", () => {
    expect(addressBucket("2001:db8:1:3::1")).not.toBe(addressBucket("2001:db8:1:2::1"));
    expect(addressBucket("2001:db8:0:1::1")).not.toBe(addressBucket("2001:db8::1:0:0:1"));
    expect(addressBucket("2001:db8::1:0:0:1")).toBe("2001:db8:0:0::/64");
  });

  it("expands every compressed form the same way", () => {
    expect(addressBucket("::1")).toBe("0:0:0:0::/64");
    expect(addressBucket("::")).toBe("0:0:0:0::/64");
    expect(addressBucket("2001:db8::")).toBe("2001:db8:0:0::/64");
    expect(addressBucket("2001:DB8:0:0:1::")).toBe("2001:db8:0:0::/64");
    expect(addressBucket("2001:db8:aa:bb::")).toBe("2001:db8:aa:bb::/64");
    expect(addressBucket("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressBucket("64:ff9b::198.51.100.7")).toBe("64:ff9b:0:0::/64");
    expect(addressBucket(" 2001:db8:1:2::5 ")).toBe("2001:db8:1:2::/64");
  });

  it("returns anything that is not an address unchanged", () => {
    for (const input of ["unknown", "", "2001:db8:::1", "1.2.3.256", "2001:db8::g", "203.0.113.9:8080", "1:2:3:4:5:6:7:8:9"]) {
      expect(addressBucket(input)).toBe(input);
    }
  });
});
