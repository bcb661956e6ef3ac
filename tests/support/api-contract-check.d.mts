export type ContractReport = {
  validated: number;
  seen: Record<string, Record<string, number>>;
  unmatched: Record<string, number>;
  operations: string[];
};

export type ContractCheck = {
  hasDocument(): boolean;
  setDocument(document: unknown): void;
  check(response: { method: string; pathname: string; status: number; contentType: string | null; body: unknown }): string | null;
  report(): ContractReport;
};

export function createContractCheck(options: { rootDir: string }): ContractCheck;
