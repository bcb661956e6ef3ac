import type { ComponentType } from "react";
import { FacebookIcon } from "@/components/icons/facebook-icon";
import type { IconProps } from "@/components/icons/icon-base";
import { InstagramIcon } from "@/components/icons/instagram-icon";
import { XIcon } from "@/components/icons/x-icon";
import type { SiteConfig } from "@/lib/config/site";
import styles from "./social-links.module.css";

const ICONS: Record<SiteConfig["social"][number]["network"], ComponentType<IconProps>> = {
  facebook: FacebookIcon,
  x: XIcon,
  instagram: InstagramIcon,
};

export function SocialLinks({ social, siteName }: { social: SiteConfig["social"]; siteName: string }) {
  return (
    <ul className={styles.list}>
      {social.map((link) => {
        const Icon = ICONS[link.network];
        return (
          <li key={link.network}>
            <a href={link.href} className={styles.link} aria-label={`${siteName} on ${link.label}`}>
              <Icon size={22} />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
