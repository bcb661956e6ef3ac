import { YELLOW_CARD_URL } from "@/lib/side-effects/rules";

/** The MHRA Yellow Card scheme, in one sentence (https://yellowcard.mhra.gov.uk/). */
export function YellowCardNote() {
  return (
    <p>
      You can also report it to the{" "}
      <a href={YELLOW_CARD_URL} target="_blank" rel="noopener">
        MHRA Yellow Card scheme<span className="visually-hidden"> (opens in a new tab)</span>
      </a>
      : the UK medicines regulator&apos;s system for collecting suspected side effects, which helps make medicines safer for everyone.
    </p>
  );
}
