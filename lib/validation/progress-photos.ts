import { z } from "zod";

export const progressPhotoParamsSchema = z.object({ photoId: z.uuid({ error: "We could not find that photo." }) });
