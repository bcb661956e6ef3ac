import "server-only";

/** Where staff pages load a case's photos from (each request is checked and audited). */
export function casePhotoUrl(requestId: string, photoId: string): string {
  return `/api/staff/prescriptions/${requestId}/photos/${photoId}`;
}

export function caseMessagePhotoUrl(requestId: string, messageId: string): string {
  return `/api/staff/prescriptions/${requestId}/messages/${messageId}/photo`;
}
