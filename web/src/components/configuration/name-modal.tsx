import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

export type NameField = { name: string; label: string; testId: string };

/** The new-kit (name, reference) and new-version (version) modals: every field required. */
export function NameModal(props: {
  open: boolean;
  title: string;
  fields: NameField[];
  saving: boolean;
  onSubmit: (values: Record<string, string>) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, string>>();
  return (
    <Modal
      open={props.open}
      title={props.title}
      destroyOnHidden
      confirmLoading={props.saving}
      okButtonProps={{ 'data-testid': 'name-modal-ok' }}
      onOk={() => form.submit()}
      onCancel={props.onCancel}
      afterClose={() => form.resetFields()}
    >
      <Form form={form} layout="vertical" preserve={false} onFinish={(values) => props.onSubmit(values)}>
        {props.fields.map((field) => (
          <Form.Item
            key={field.name}
            name={field.name}
            label={field.label}
            rules={[
              { required: true, whitespace: true, message: t('errorFieldRequired', { 0: field.label }) },
            ]}
          >
            <Input data-testid={field.testId} maxLength={200} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
