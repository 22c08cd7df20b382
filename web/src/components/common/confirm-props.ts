import type { ButtonProps } from 'antd';

/** okButtonProps of every confirmation, so end-to-end tests find the OK button. */
export const confirmButtonProps = { 'data-testid': 'confirm-ok' } as ButtonProps;
export const cancelButtonProps = { 'data-testid': 'confirm-cancel' } as ButtonProps;
