import "server-only";
import QRCode from "qrcode";
import { siteConfig } from "@/lib/config/site";

// The QR code printed on a prescription: it opens /rx/{reference}, where a pharmacy checks
// it is genuine and marks it dispensed. Medium error correction survives a creased print.
const ERROR_CORRECTION = "M";
const QUIET_ZONE = 4;

/** The public check page a prescription's QR code encodes. */
export function prescriptionVerifyUrl(reference: string): string {
  return `${siteConfig().url}/rx/${encodeURIComponent(reference)}`;
}

export type QrSvg = { viewBoxSize: number; path: string };

/** The code's dark modules as one SVG path (one unit per module, quiet zone included). */
export function prescriptionQrSvg(url: string): QrSvg {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: ERROR_CORRECTION });
  let path = "";
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) path += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return { viewBoxSize: modules.size + QUIET_ZONE * 2, path };
}

/** The same code as a PNG, for the PDF. */
export function prescriptionQrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: "png", errorCorrectionLevel: ERROR_CORRECTION, margin: QUIET_ZONE, scale: 8 });
}
