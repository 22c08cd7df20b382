import { App, type ButtonProps } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** okButtonProps and cancelButtonProps of every confirmation, so end-to-end tests find the buttons. */
const okButtonProps = { 'data-testid': 'confirm-ok' } as ButtonProps;
const cancelButtonProps = { 'data-testid': 'confirm-cancel' } as ButtonProps;

export type ConfirmOptions = { title: string; content: string };

/** Asks a Yes / No question; true when the user answered Yes. */
export type Confirm = (options: ConfirmOptions) => Promise<boolean>;

/** The one confirmation modal of the app (antd `App.useApp().modal.confirm`, Yes / No buttons). */
export function useConfirm(): Confirm {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  return useCallback(
    ({ title, content }) =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title,
          content,
          okText: t('common.yes'),
          cancelText: t('common.no'),
          okButtonProps,
          cancelButtonProps,
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [modal, t],
  );
}
