import { IconBase, type IconProps } from "./icon-base";

export function EyeOffIcon(props: IconProps) {
  return (
    <IconBase {...props}>
      <path d="M9.9 5.8A9.7 9.7 0 0 1 12 5.5c6 0 9.5 6.5 9.5 6.5a17 17 0 0 1-2.6 3.4M6.6 6.9C4 8.6 2.5 12 2.5 12S6 18.5 12 18.5a9.4 9.4 0 0 0 5.1-1.5" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
      <path d="M3.5 3.5l17 17" />
    </IconBase>
  );
}
