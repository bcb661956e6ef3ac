// The photo uploads' part of the contract: a file field of a multipart/form-data body, and the
// statuses a route that reads one answers besides apiRoute's own (the route reads the body
// itself, through lib/server/services/uploads, so boundaryErrors' JSON-body statuses do not apply).
import { z } from "zod";
import { errorResponse, type ResponseSpec } from "./operation";

/**
 * A required file field of a multipart/form-data body (documented only: the route reads the form
 * itself). z.custom, unlike z.any, does not accept undefined, so the document lists it as required.
 */
export function photoPart(description: string) {
  return z.custom<Blob>((value) => value instanceof Blob).meta({ type: "string", format: "binary", description });
}

/** What readMultipartForm, fileFromForm, storeImage and the per-address upload limit answer. */
export function photoUploadErrors(): Record<number, ResponseSpec> {
  return {
    400: errorResponse("The multipart body could not be read."),
    413: errorResponse("A photo is larger than 10 MB, or the body is larger than the route's limit."),
    415: errorResponse("The body is not multipart/form-data, or a photo is not a JPEG or PNG image."),
    422: errorResponse("No photo in the form (`errors` names the field), or the file could not be read as an image."),
    429: errorResponse("Too many uploads from this address in the last hour (Retry-After)."),
  };
}
