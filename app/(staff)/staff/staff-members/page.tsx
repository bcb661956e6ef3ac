import type { Metadata } from "next";
import { StaffActionButton } from "@/components/staff/staff-action-button";
import { requireStaff } from "@/lib/server/auth/guards";
import { listStaffMembers } from "@/lib/server/auth/list-staff-members";
import { pageMetadata } from "@/lib/seo/page-metadata";
import { StaffCard, StaffHeading } from "../_components/staff-card";
import styles from "./staff-members.module.css";

export function generateMetadata(): Metadata {
  return pageMetadata({ title: "Staff members", description: "Staff accounts and their second factor.", path: "/staff/staff-members", noIndex: true });
}

export default async function StaffMembersPage() {
  await requireStaff("/staff/staff-members", ["ADMIN"]);
  const members = await listStaffMembers();
  return (
    <>
      <StaffHeading intro="Every staff account signs in with a password and an authenticator app. Resetting the authenticator (a lost phone) signs that person out everywhere; they set up a new one at their next sign-in. Resets are recorded in the audit log.">
        Staff members
      </StaffHeading>
      <StaffCard title={`Accounts (${members.length})`} headingId="members-heading">
        <ul className={styles.list} aria-labelledby="members-heading">
          {members.map((member) => (
            <li key={member.id} className={styles.row}>
              <div>
                <p className={styles.name}>
                  {member.name} <span className={styles.role}>{member.role.toLowerCase()}</span>
                </p>
                <p className={styles.email}>{member.email}</p>
                <p>{member.secondFactorOn ? "Authenticator set up" : "Sets up an authenticator at next sign-in"}</p>
              </div>
              {member.secondFactorOn ? (
                <StaffActionButton
                  path={`/api/staff/staff-members/${member.id}/second-factor/reset`}
                  label={`Reset second factor for ${member.name}`}
                  busyLabel="Resetting..."
                  secondary
                />
              ) : null}
            </li>
          ))}
        </ul>
      </StaffCard>
    </>
  );
}
