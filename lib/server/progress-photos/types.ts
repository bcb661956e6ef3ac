import "server-only";

export type ProgressView = "HAIRLINE" | "CROWN" | "TOP";

/** One dated set of the three views, each with the URL its viewer may open it at. */
export type ProgressPhotoSetView = { id: string; takenAt: string; photos: { view: ProgressView; url: string }[] };
