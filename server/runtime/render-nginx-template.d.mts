export function renderTemplate(template: string, variables: Record<string, string>): string;
export function nginxMainConfig(runDir: string, options: { user?: string; workerProcesses?: string; workerConnections?: number; http: string[] }): string;
