import "@testing-library/jest-dom";

// What GET /sanctum/csrf-cookie leaves in a browser: component tests see the token that
// lib/client/api-fetch.ts echoes in X-XSRF-TOKEN.
beforeEach(() => {
  document.cookie = "XSRF-TOKEN=test-xsrf-token; path=/";
});
