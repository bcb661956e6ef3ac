export function startThrowawayPostgres(programs: { bin: string }): Promise<{ url: string; stop: () => Promise<void> }>;
