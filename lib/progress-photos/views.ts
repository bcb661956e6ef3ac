/**
 * The three hair-loss progress views, in the order they are taken and compared, with the
 * framing guide shown beside each upload (the same framing every time is what makes sets
 * comparable; as the assessments' photo guidance asks, in good light and with dry hair).
 */
export const PROGRESS_VIEWS = [
  {
    key: "HAIRLINE",
    field: "hairline",
    label: "Hairline",
    guide: "Face the camera at arm's length, hair pushed back, so your whole hairline and temples fill the frame.",
  },
  {
    key: "CROWN",
    field: "crown",
    label: "Crown",
    guide: "Ask someone to help, or use a second mirror: the back of the top of your head, from about 30 cm above.",
  },
  {
    key: "TOP",
    field: "top",
    label: "Top of the head",
    guide: "Tilt your head forward and photograph the top of your head from above, parting in its usual place.",
  },
] as const;

export type ProgressViewKey = (typeof PROGRESS_VIEWS)[number]["key"];
