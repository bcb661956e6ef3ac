export function forwardedFor(sent: string | string[] | undefined, peer: string, trustProxy: boolean): string;
