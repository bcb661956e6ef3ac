// Height and weight in one answer ("measurements" questions): the text is
// "<height cm>;<weight kg>", e.g. "175;82.5". The BMI is computed here, in the browser for an
// instant message and on the server, which decides; the patient never states it.

const HEIGHT_MIN_CM = 120;
const HEIGHT_MAX_CM = 230;
export const WEIGHT_MIN_KG = 30;
export const WEIGHT_MAX_KG = 300;

const ENTER_HEIGHT = "Please enter your height in centimetres.";
const ENTER_WEIGHT = "Please enter your weight in kilograms.";
const HEIGHT_RANGE = `Please enter a height between ${HEIGHT_MIN_CM} and ${HEIGHT_MAX_CM} cm.`;
const WEIGHT_RANGE = `Please enter a weight between ${WEIGHT_MIN_KG} and ${WEIGHT_MAX_KG} kg.`;

const NUMBER = /^\d{1,3}(\.\d)?$/;

export type Measurements = { heightCm: number; weightKg: number };

/** The two numbers as typed ("" when missing). */
export function splitMeasurements(text: string): { height: string; weight: string } {
  const [height = "", weight = ""] = text.split(";");
  return { height: height.trim(), weight: weight.trim() };
}

export function joinMeasurements(height: string, weight: string): string {
  return height.trim() === "" && weight.trim() === "" ? "" : `${height.trim()};${weight.trim()}`;
}

/** Why the answer is not a usable height and weight, or null. Numbers may have one decimal place. */
export function measurementsProblem(text: string): string | null {
  const { height, weight } = splitMeasurements(text);
  if (height === "") return ENTER_HEIGHT;
  if (!NUMBER.test(height)) return ENTER_HEIGHT;
  const h = Number(height);
  if (h < HEIGHT_MIN_CM || h > HEIGHT_MAX_CM) return HEIGHT_RANGE;
  if (weight === "" || !NUMBER.test(weight)) return ENTER_WEIGHT;
  const w = Number(weight);
  if (w < WEIGHT_MIN_KG || w > WEIGHT_MAX_KG) return WEIGHT_RANGE;
  return null;
}

export function parseMeasurements(text: string): Measurements | null {
  if (measurementsProblem(text) !== null) return null;
  const { height, weight } = splitMeasurements(text);
  return { heightCm: Number(height), weightKg: Number(weight) };
}

/**
 * BMI = kg / m², rounded to one decimal place as clinicians record it (NICE CG189), so the
 * thresholds compare what the patient and the pharmacist see: 26.95 counts as 27.0.
 */
export function bmiOf(text: string): number | null {
  const m = parseMeasurements(text);
  if (!m) return null;
  const metres = m.heightCm / 100;
  return Math.round((m.weightKg / (metres * metres)) * 10) / 10;
}
