"use client";

import { useRouter } from "next/navigation";
import type { AnchorHTMLAttributes, MouseEvent } from "react";

type RouterLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { href: string };

/**
 * A same-site link that moves with the App Router on a plain click (no page load; the page's
 * client code keeps running, so a questionnaire can move focus to the next question), and is
 * an ordinary link otherwise: a new tab, a modifier key, a target, or before hydration.
 * next/link does this and prefetches; that costs ~3 KB gzipped on every page that renders
 * one, which the questionnaire steps (within the JavaScript budget) do not need.
 */
export function RouterLink({ href, onClick, ...rest }: RouterLinkProps) {
  const router = useRouter();

  function follow(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    const isPlainClick = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    const opensElsewhere = (rest.target && rest.target !== "_self") || rest.download !== undefined;
    if (event.defaultPrevented || !isPlainClick || opensElsewhere) return;
    event.preventDefault();
    router.push(href);
  }

  return <a {...rest} href={href} onClick={follow} />;
}
