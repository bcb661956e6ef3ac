type LogoMarkProps = { size?: number; className?: string; tone?: "brand" | "light" };

/** The brand mark: three hair strands rising in a green roundel. Decorative; pair it with the site name. */
export function LogoMark({ size = 40, className, tone = "brand" }: LogoMarkProps) {
  const [disc, strands] = tone === "brand" ? ["#1f4d3f", "#f6f4ef"] : ["#f6f4ef", "#1f4d3f"];
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 48 48"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="24" cy="24" r="24" fill={disc} />
      <g fill="none" stroke={strands} strokeWidth="3" strokeLinecap="round">
        <path d="M14.5 35c0-9.5 4.5-16.5 13-21.5" />
        <path d="M21 36c0-8 3.2-13.5 9.8-17.5" />
        <path d="M27.5 36.5c0-6 2.2-10 6.8-12.8" />
      </g>
      <circle cx="33.5" cy="13" r="2.6" fill="#e0895f" />
    </svg>
  );
}
