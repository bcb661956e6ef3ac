import { sanitiseFilename } from "./sanitise-filename";

describe("sanitiseFilename", () => {
  it.each([
    ["scalp.jpg", "scalp.jpg"],
    ["../../etc/passwd", "passwd"],
    ["C:\\Users\\me\\Pictures\\top of head.png", "top of head.png"],
    ["photo\u202egpj.exe", "photogpj.exe"],
    ['a"b<c>d|e*?.jpg', "abcde.jpg"],
    ["line\r\nbreak.jpg", "linebreak.jpg"],
    ["  ..hidden.jpg ", "hidden.jpg"],
    ["Crâne côté.jpg", "Crâne côté.jpg"],
    ["", "photo"],
    ["../", "photo"],
  ])("%j → %j", (input, expected) => {
    expect(sanitiseFilename(input)).toBe(expected);
  });

  it("keeps at most 120 characters", () => {
    expect(sanitiseFilename(`${"a".repeat(300)}.jpg`)).toHaveLength(120);
  });
});
