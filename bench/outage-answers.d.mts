// Types for outage-answers.mjs (plain ESM, no build step), for its test.

export interface OutageAnswer {
  kind?: string;
  status: number;
  text?: string;
}

export declare function badOutageReason(answer: OutageAnswer): string | null;

export declare function outageAnswers(): {
  record(answer: OutageAnswer): void;
  summary(): { judged: number; bad: number; samples: { kind?: string; status: number; reason: string; body?: string }[] };
};
