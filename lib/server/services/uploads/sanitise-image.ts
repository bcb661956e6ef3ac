import "server-only";
import sharp from "sharp";
import { detectImageType } from "./detect-image-type";
import { MAX_INPUT_PIXELS, MAX_LONG_SIDE, notAnImage, unreadableImage } from "./upload-limits";

export type ImageContentType = "image/jpeg" | "image/png";

export type SanitisedImage = { bytes: Buffer; contentType: ImageContentType; width: number; height: number };

/**
 * Checks that the bytes are a JPEG or PNG (415 otherwise), decodes them with a pixel limit
 * (a decompression bomb or a corrupt file is a 422), turns the picture upright from its EXIF
 * orientation, scales it to at most 4000 px on the long side and re-encodes it in the same
 * format. Nothing from the original file's metadata survives: no EXIF (GPS position, camera,
 * time), XMP, IPTC or text chunks.
 */
export async function sanitiseImage(bytes: Buffer): Promise<SanitisedImage> {
  const type = detectImageType(bytes);
  if (!type) throw notAnImage();
  try {
    // failOn "error": refuse damaged data rather than store a half-decoded picture.
    // pages: 1 keeps only the first frame of an animated PNG.
    const pipeline = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", pages: 1 })
      .rotate()
      .resize({ width: MAX_LONG_SIDE, height: MAX_LONG_SIDE, fit: "inside", withoutEnlargement: true });
    const encoded = type === "jpeg" ? pipeline.jpeg({ quality: 85 }) : pipeline.png();
    // sharp writes no metadata unless asked (withMetadata/keepExif), which we never do.
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: type === "jpeg" ? "image/jpeg" : "image/png", width: info.width, height: info.height };
  } catch {
    throw unreadableImage();
  }
}
