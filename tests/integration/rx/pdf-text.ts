import { inflateSync } from "node:zlib";

/**
 * The text a PDF shows, one line per text operation: enough to check what pdfkit printed
 * (it writes standard-font text as hex strings in TJ arrays, split at kerning pairs), read
 * from every content stream, inflated when compressed. Not a general PDF parser.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString("latin1");
  const lines: string[] = [];
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (let match = streams.exec(source); match; match = streams.exec(source)) {
    const raw = Buffer.from(match[1]!, "latin1");
    let content: string;
    try {
      content = inflateSync(raw).toString("latin1");
    } catch {
      content = raw.toString("latin1");
    }
    for (const operation of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ/g)) {
      const hex = [...operation[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => part[1]).join("");
      lines.push(Buffer.from(hex, "hex").toString("latin1"));
    }
  }
  return lines.join("\n");
}
