import { IconBase, type IconProps } from "./icon-base";

export function HomeIcon(props: IconProps) {
  return (
    <IconBase {...props}>
      <path d="M4 10.5L12 4l8 6.5V19a1 1 0 0 1-1 1h-4.5v-6h-5v6H5a1 1 0 0 1-1-1v-8.5z" />
    </IconBase>
  );
}
