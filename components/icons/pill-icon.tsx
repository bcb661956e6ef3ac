import { IconBase, type IconProps } from "./icon-base";

export function PillIcon(props: IconProps) {
  return (
    <IconBase {...props}>
      <path d="M10.5 20.5a4.95 4.95 0 0 1-7-7l6-6a4.95 4.95 0 0 1 7 7l-6 6z" />
      <path d="M8.5 8.5l7 7" />
    </IconBase>
  );
}
