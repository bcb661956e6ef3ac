export function processCpuMs(pid: number): number | null;
export function processTreeCpuMs(pid: number): number;
