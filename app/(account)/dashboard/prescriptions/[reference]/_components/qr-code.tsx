import type { QrSvg } from "@/lib/server/prescription-documents/prescription-qr";

/** A QR code drawn from its modules (no image request, sharp at any print size). */
export function QrCode({ qr, label, className }: { qr: QrSvg; label: string; className?: string }) {
  return (
    <svg className={className} viewBox={`0 0 ${qr.viewBoxSize} ${qr.viewBoxSize}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={qr.viewBoxSize} height={qr.viewBoxSize} fill="#ffffff" />
      <path d={qr.path} fill="#000000" />
    </svg>
  );
}
