import { IconBase, type IconProps } from "./icon-base";

export function XIcon(props: IconProps) {
  return (
    <IconBase fill="currentColor" stroke="none" {...props}>
      <path d="M17.2 3.5h3L13.6 11l7.7 9.5h-6l-4.7-6.1-5.4 6.1h-3l7-8L2.9 3.5h6.2l4.3 5.6 3.8-5.6zm-1 15.3h1.7L7.9 5.1H6.1l10.1 13.7z" />
    </IconBase>
  );
}
