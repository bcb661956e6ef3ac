// Copy from the spec's error catalogue (section 8, "Login"), shared by both sign-in steps.
export const LOGIN_SUCCESS = "Login successful!";
export const NO_TOKEN = "No token received from server";
export const INVALID_CREDENTIALS = "Invalid credentials";
export const REDIRECT_AFTER_LOGIN_MS = 1500;
