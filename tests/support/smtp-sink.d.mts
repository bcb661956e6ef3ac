export type ReceivedMail = { from: string; to: string[]; data: string };
export function startSmtpSink(): Promise<{ url: string; received: ReceivedMail[]; refuseNext(count: number): void; close(): Promise<void> }>;
