// Types for turns.mjs (plain ESM, no build step), for its test.

export declare const TURNS_PER_SIDE: number;
export declare function alternatingTurns<A, B>(a: A, b: B, perSide?: number): (A | B)[];
export declare function median(values: number[]): number;
export declare function medianRatio<K extends string>(numeratorTurns: Record<K, number>[], denominatorTurns: Record<K, number>[], key: K): { numerator: number; denominator: number; ratio: number | null };
