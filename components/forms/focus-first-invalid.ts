/** Moves focus to the first field marked invalid, so keyboard and screen-reader users land on it. */
export function focusFirstInvalid(form: HTMLFormElement): void {
  form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
