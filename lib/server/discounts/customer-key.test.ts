import { customerKeyOf } from "./customer-key";

describe("customerKeyOf", () => {
  it.each([
    ["Sam@Example.com", "sam@example.com"],
    [" sam+offers@example.com ", "sam@example.com"],
    ["sam+a+b@example.com", "sam@example.com"],
    ["s.a.m+2@gmail.com", "sam@gmail.com"],
    ["S.Am@GoogleMail.com", "sam@gmail.com"],
    ["s.am@example.com", "s.am@example.com"],
    ["+sam@example.com", "+sam@example.com"],
  ])("%s is the mailbox %s", (input, key) => {
    expect(customerKeyOf(input)).toBe(key);
  });
});
