// Types for form.mjs: a parsed Stripe request body (every leaf is a string, as on the wire).
export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}
export function parseForm(text: string): FormObject;
