export declare function createScratchDatabase(serverUrl: string, prefix: string): Promise<{ url: string; name: string; drop: () => Promise<void> }>;
