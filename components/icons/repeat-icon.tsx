import { IconBase, type IconProps } from "./icon-base";

export function RepeatIcon(props: IconProps) {
  return (
    <IconBase {...props}>
      <path d="M17 2.5l3 3-3 3" />
      <path d="M4 11.5v-2a4 4 0 0 1 4-4h12" />
      <path d="M7 21.5l-3-3 3-3" />
      <path d="M20 12.5v2a4 4 0 0 1-4 4H4" />
    </IconBase>
  );
}
