import "server-only";
import { env } from "@/lib/env";
import type { Mail } from "./send-mail";

// Plain-text emails. They never carry health information: a link into the signed-in
// site is enough, and email is not a secure channel.

function signOff() {
  const { SITE_NAME, CONTACT_EMAIL, CONTACT_PHONE } = env();
  return `\n\nThe ${SITE_NAME} team\n${CONTACT_EMAIL} · ${CONTACT_PHONE}`;
}

export function welcomeMail(to: string, name: string): Mail {
  const { SITE_NAME, SITE_URL } = env();
  return {
    to,
    subject: `Welcome to ${SITE_NAME}`,
    text: `Hello ${name},\n\nYour ${SITE_NAME} account is ready. Log in at ${SITE_URL}/login to start an assessment, book a consultation or follow your orders.${signOff()}`,
  };
}

export function accountExistsMail(to: string): Mail {
  const { SITE_NAME, SITE_URL } = env();
  return {
    to,
    subject: `Someone tried to register with your email at ${SITE_NAME}`,
    text: `Hello,\n\nSomeone (perhaps you) tried to create a ${SITE_NAME} account with this email address, which already has an account. Nothing has changed.\n\nIf it was you, log in at ${SITE_URL}/login, or choose a new password at ${SITE_URL}/forgot-password.${signOff()}`,
  };
}

export function passwordResetMail(to: string, token: string, minutes: number): Mail {
  const { SITE_NAME, SITE_URL } = env();
  return {
    to,
    subject: `Reset your ${SITE_NAME} password`,
    text: `Hello,\n\nWe received a request to reset the password of your ${SITE_NAME} account. Choose a new password here:\n\n${SITE_URL}/reset-password?token=${token}\n\nThe link works once and expires in ${minutes} minutes. If you did not ask for this, you can ignore this email: your password has not changed.${signOff()}`,
  };
}

export function passwordChangedMail(to: string): Mail {
  const { SITE_NAME, SITE_URL } = env();
  return {
    to,
    subject: `Your ${SITE_NAME} password was changed`,
    text: `Hello,\n\nThe password of your ${SITE_NAME} account was just changed, and every other device was signed out.\n\nIf this was not you, reset your password now at ${SITE_URL}/forgot-password and contact us.${signOff()}`,
  };
}
