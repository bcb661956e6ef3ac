import { IconBase, type IconProps } from "./icon-base";

export function CartIcon(props: IconProps) {
  return (
    <IconBase {...props}>
      <path d="M5 8h14l-1.2 11.1a1 1 0 0 1-1 .9H7.2a1 1 0 0 1-1-.9L5 8z" />
      <path d="M9 10V7a3 3 0 0 1 6 0v3" />
    </IconBase>
  );
}
