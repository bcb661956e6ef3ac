export function renderTemplate(template: string, variables: Record<string, string>): string;
