import { IconBase, type IconProps } from "./icon-base";

export function PackageIcon(props: IconProps) {
  return (
    <IconBase {...props}>
      <path d="M12 3l8 4.5v9L12 21l-8-4.5v-9L12 3z" />
      <path d="M4 7.5l8 4.5 8-4.5M12 12v9" />
    </IconBase>
  );
}
