/** The error/success body our API answers with ({ message, errors } on failure). */
export type ApiBody = {
  message?: string;
  errors?: Record<string, string[]>;
  [key: string]: unknown;
};

/** Parses a JSON response body, or returns {} when there is none or it is not JSON. */
export async function readApiBody(response: Response): Promise<ApiBody> {
  try {
    const body: unknown = await response.json();
    return body && typeof body === "object" ? (body as ApiBody) : {};
  } catch {
    return {};
  }
}
