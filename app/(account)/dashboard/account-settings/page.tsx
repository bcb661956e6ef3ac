import type { Metadata } from "next";
import { AccountDetailsForm } from "@/components/account/account-details-form";
import { ChangeEmailForm } from "@/components/account/change-email-form";
import { ChangePasswordForm } from "@/components/account/change-password-form";
import { DeleteAccountForm } from "@/components/account/delete-account-form";
import { RemindersForm } from "@/components/account/reminders-form";
import { SecondFactorForm } from "@/components/account/second-factor-form";
import { getAccount } from "@/lib/server/account/get-account";
import { getSecondFactorStatus } from "@/lib/server/account/get-second-factor-status";
import { requireActor } from "@/lib/server/auth/guards";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { DashboardCard } from "../_components/dashboard-card";
import { PageHeading } from "../_components/page-heading";
import { LogOutButton } from "./_components/log-out-button";
import { SettingsLinks, type SettingsLink } from "./_components/settings-links";
import styles from "./page.module.css";

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: "Account Settings",
    description: "Your plans, account and referrals.",
    path: "/dashboard/account-settings",
    noIndex: true,
  });
}

const PLAN_LINKS: SettingsLink[] = [
  { href: "/dashboard/orders", label: "Manage plans and orders", description: "Your orders, consultations and prescription requests, with their progress" },
  { href: "/dashboard/orders#order-history", label: "Order history", description: "Every order you have placed and its timeline" },
  {
    href: "/dashboard/account-settings/medical-documents",
    label: "Medical documents",
    description: "Your prescriptions, letters to your GP, questionnaire answers and photos",
  },
  { href: "/dashboard/gp", label: "Your GP", description: "Your GP practice, and whether we may tell it about the medicines we supply" },
];

const REFERRAL_LINKS: SettingsLink[] = [
  { href: "/dashboard/account-settings/refer-a-friend", label: "Refer a friend", description: "Your personal link: friends get 10% off non-prescription items on their first order" },
];

export default async function AccountSettingsPage() {
  const actor = await requireActor("/dashboard/account-settings");
  const { user } = actor;
  const account = await getAccount(actor);
  const secondFactor = await getSecondFactorStatus(actor);
  return (
    <>
      <PageHeading>Account Settings</PageHeading>
      <DashboardCard title="Plans" headingId="plans-heading">
        <SettingsLinks links={PLAN_LINKS} />
      </DashboardCard>
      <DashboardCard title="Account" headingId="account-heading">
        <p className={styles.signedIn}>
          Signed in as <strong>{user.name}</strong> ({user.email})
        </p>
        <div className={styles.block}>
          <LogOutButton />
        </div>
        <AccountDetailsForm name={account.name} />
        <ChangeEmailForm email={account.email} pendingEmail={account.pending_email} />
        <ChangePasswordForm />
        <SecondFactorForm {...secondFactor} />
        <RemindersForm enabled={account.reminders_enabled} />
        <section className={styles.block} aria-labelledby="download-heading">
          <h3 id="download-heading">Download my data</h3>
          <p className={styles.muted}>Everything we hold about you, as a JSON file.</p>
          <a className="button button-secondary" href="/api/account/export" download="my-data.json">
            Download my data
          </a>
        </section>
        <DeleteAccountForm />
      </DashboardCard>
      <DashboardCard title="Referrals" headingId="referrals-heading">
        <SettingsLinks links={REFERRAL_LINKS} />
      </DashboardCard>
    </>
  );
}
