// The spec's questionnaire messages (section 8), word for word, and ours beside them.

export const SELECT_AN_ANSWER = "Please select an answer.";
export const SELECT_AT_LEAST_ONE = "Select at least one option.";
export const PROVIDE_DETAILS = "Please provide details.";
export const CONSULT_A_PROFESSIONAL = "Please consult a professional.";
export const DEFAULT_PLACEHOLDER = "Please provide details";

export const ENTER_A_DATE = "Please enter a date.";
export const INVALID_DATE = "Please enter a valid date.";
export const CHOOSE_FROM_OPTIONS = "Please choose from the options shown.";
export const NO_CHOICE_HERE = "This question does not take a choice.";
export const NO_TEXT_HERE = "This question does not take a written answer.";
export const NO_SUCH_STEP = "This question does not exist.";
export const MAX_TEXT_LENGTH = 2000;

export function tooLong(max: number): string {
  return `Please keep your answer to ${max} characters or fewer.`;
}

export function tooFewPhotos(min: number): string {
  return min === 1 ? "Please upload a photo." : `Please upload at least ${min} photos.`;
}

export function tooManyPhotos(max: number): string {
  return `You can upload up to ${max} photos.`;
}

export function notOnPath(step: number): string {
  return `Question ${step} does not apply to your earlier answers and must be left empty.`;
}
