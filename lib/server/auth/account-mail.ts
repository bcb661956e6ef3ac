import "server-only";
import { env } from "@/lib/env";
import type { Mail } from "@/lib/server/services/mail/send-mail";
import { mailSignOff } from "@/lib/server/services/mail/sign-off";

// Plain-text emails. They never carry health information: a link into the signed-in
// site is enough, and email is not a secure channel.

// The page behind an emailed verification link. It asks for a click before using the token,
// so a mail scanner that fetches the link cannot use it up.
function verifyEmailLink(token: string) {
  return `${env().SITE_URL}/verify-email?token=${token}`;
}

export function welcomeMail(to: string, name: string, verifyToken: string, hours: number): Mail {
  const { SITE_NAME, SITE_URL } = env();
  return {
    to,
    subject: `Welcome to ${SITE_NAME}: please confirm your email address`,
    text: `Hello ${name},\n\nYour ${SITE_NAME} account is ready. Please confirm that this email address is yours:\n\n${verifyEmailLink(verifyToken)}\n\nThe link works once and expires in ${hours} hours. Then log in at ${SITE_URL}/login to start an assessment, book a consultation or follow your orders.\n\nIf you did not create this account, do not use the link: someone else chose its password. Choose your own at ${SITE_URL}/forgot-password to take the account over, or ignore this email.${mailSignOff()}`,
  };
}

export function emailVerificationMail(to: string, token: string, hours: number): Mail {
  const { SITE_NAME } = env();
  return {
    to,
    subject: `Confirm your email address for ${SITE_NAME}`,
    text: `Hello,\n\nPlease confirm that this email address belongs to your ${SITE_NAME} account:\n\n${verifyEmailLink(token)}\n\nThe link works once and expires in ${hours} hours. Earlier links no longer work. If you did not ask for this, you can ignore this email.${mailSignOff()}`,
  };
}

export function emailChangeLinkMail(to: string, token: string, hours: number): Mail {
  const { SITE_NAME } = env();
  return {
    to,
    subject: `Confirm your new email address for ${SITE_NAME}`,
    text: `Hello,\n\nSomeone (we hope you) asked to use this email address for their ${SITE_NAME} account. To confirm, open this link:\n\n${verifyEmailLink(token)}\n\nThe account moves to this address only when the link is opened. It works once and expires in ${hours} hours. If you did not ask for this, ignore this email: nothing will change.${mailSignOff()}`,
  };
}

export function emailChangeTakenMail(to: string): Mail {
  const { SITE_NAME, SITE_URL } = env();
  return {
    to,
    subject: `Someone tried to use your email at ${SITE_NAME}`,
    text: `Hello,\n\nSomeone (perhaps you) asked to move another ${SITE_NAME} account to this email address, which already has an account. Nothing has changed.\n\nIf it was you, log in at ${SITE_URL}/login with this address, or choose a new password at ${SITE_URL}/forgot-password.${mailSignOff()}`,
  };
}

export function emailChangeRequestedMail(to: string, newEmail: string, hours: number): Mail {
  const { SITE_NAME, SITE_URL } = env();
  return {
    to,
    subject: `A change of email address was requested for your ${SITE_NAME} account`,
    text: `Hello,\n\nSomeone asked to change the email address of your ${SITE_NAME} account to ${newEmail}. We have sent a link to that address; nothing changes unless it is opened within ${hours} hours.\n\nIf this was not you, change your password now at ${SITE_URL}/dashboard/account-settings (or ${SITE_URL}/forgot-password) and contact us.${mailSignOff()}`,
  };
}

export function emailChangedMail(to: string, newEmail: string): Mail {
  const { SITE_NAME } = env();
  return {
    to,
    subject: `The email address of your ${SITE_NAME} account was changed`,
    text: `Hello,\n\nThe email address of your ${SITE_NAME} account was just changed to ${newEmail}, and every other device was signed out. We will not write to this address about the account again.\n\nIf this was not you, contact us straight away (details below) so that we can secure your account and restore your address.${mailSignOff()}`,
  };
}

export function accountExistsMail(to: string): Mail {
  const { SITE_NAME, SITE_URL } = env();
  return {
    to,
    subject: `Someone tried to register with your email at ${SITE_NAME}`,
    text: `Hello,\n\nSomeone (perhaps you) tried to create a ${SITE_NAME} account with this email address, which already has an account. Nothing has changed.\n\nIf it was you, log in at ${SITE_URL}/login, or choose a new password at ${SITE_URL}/forgot-password.${mailSignOff()}`,
  };
}

export function passwordResetMail(to: string, token: string, minutes: number): Mail {
  const { SITE_NAME, SITE_URL } = env();
  return {
    to,
    subject: `Reset your ${SITE_NAME} password`,
    text: `Hello,\n\nWe received a request to reset the password of your ${SITE_NAME} account. Choose a new password here:\n\n${SITE_URL}/reset-password?token=${token}\n\nThe link works once and expires in ${minutes} minutes. If you did not ask for this, you can ignore this email: your password has not changed.${mailSignOff()}`,
  };
}

export function signInUnlockMail(to: string, token: string, minutes: number): Mail {
  const { SITE_NAME, SITE_URL } = env();
  return {
    to,
    subject: `Unlock sign-in to your ${SITE_NAME} account`,
    text: `Hello,\n\nSign-in to your ${SITE_NAME} account is paused after several wrong passwords. If that was you, open this link and press the button to sign in again straight away:\n\n${SITE_URL}/unlock-sign-in?token=${token}\n\nThe link works once and expires in ${minutes} minutes. If it was not you, someone may be guessing your password: your account is safe while the pause lasts, and you can choose a new password at ${SITE_URL}/forgot-password.${mailSignOff()}`,
  };
}

export function passwordChangedMail(to: string): Mail {
  const { SITE_NAME, SITE_URL } = env();
  return {
    to,
    subject: `Your ${SITE_NAME} password was changed`,
    text: `Hello,\n\nThe password of your ${SITE_NAME} account was just changed, and every other device was signed out.\n\nIf this was not you, reset your password now at ${SITE_URL}/forgot-password and contact us.${mailSignOff()}`,
  };
}
