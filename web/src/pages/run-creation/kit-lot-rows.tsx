import { Button, Col, Form, Row, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Lot } from '../../api/types';
import { isLotExpired, kitOptionsOf } from '../../view-models/lot-view-model';
import { lotChoiceOf, type RunMetadata } from '../../view-models/run-view-model';
import { kitTakenByAnotherRow, rowWithKit, type KitLotRow } from './well-configuration-rules';

/** SPEC 2 and 4: several kit-and-lot rows; a kit in one row only; lots not of the row's kit are cleared. */
export function KitLotRows({ form, lots }: { form: FormInstance<RunMetadata>; lots: Lot[] }) {
  const { t } = useTranslation();
  const rows: KitLotRow[] = Form.useWatch('rows', form) ?? [];
  const choices = lots.map(lotChoiceOf);
  return (
    <Form.List name="rows">
      {(fields, { add, remove }) => (
        <>
          {fields.map((field, index) => {
            const kitId = rows[index]?.kitId;
            return (
              <Row gutter={16} key={field.key} data-testid={`kit-lot-row-${index}`}>
                <Col xs={24} md={10}>
                  <Form.Item name={[field.name, 'kitId']} label={t('runCreation.kit')}>
                    <Select
                      data-testid={index === 0 ? 'run-kit-select' : `run-kit-select-${index}`}
                      placeholder={t('runCreation.kitPlaceholder')}
                      options={kitOptionsOf(lots).map((option) => ({
                        ...option,
                        disabled: kitTakenByAnotherRow(rows, index, option.value),
                      }))}
                      onChange={(value: string) =>
                        form.setFieldValue(
                          ['rows', field.name],
                          rowWithKit(rows[index] ?? { lotIds: [] }, value, choices),
                        )
                      }
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={11}>
                  <Form.Item
                    name={[field.name, 'lotIds']}
                    label={t('runCreation.lot')}
                    // One lot per row in the form; the row keeps a list (rowWithKit, selectedLotIds).
                    normalize={(value: string | undefined) => (value ? [value] : [])}
                    getValueProps={(value: string[] | undefined) => ({ value: value?.[0] })}
                  >
                    <Select
                      allowClear
                      data-testid={index === 0 ? 'run-lot-select' : `run-lot-select-${index}`}
                      disabled={!kitId}
                      placeholder={t('runCreation.lotPlaceholder')}
                      options={lots
                        .filter((lot) => lot.kit.id === kitId)
                        .map((lot) => ({
                          value: lot.id,
                          label: t(
                            isLotExpired(lot) ? 'runCreation.lotExpiredLabel' : 'runCreation.lotLabel',
                            {
                              lot: lot.name,
                              version: lot.kitVersion.version,
                            },
                          ),
                        }))}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={3} style={{ display: 'flex', alignItems: 'center' }}>
                  <Button disabled={fields.length === 1} onClick={() => remove(field.name)}>
                    {t('runCreation.removeRow')}
                  </Button>
                </Col>
              </Row>
            );
          })}
          <Button
            data-testid="add-kit-lot-row"
            disabled={fields.length >= kitOptionsOf(lots).length}
            onClick={() => add({ lotIds: [] })}
            style={{ marginBottom: 16 }}
          >
            {t('runCreation.addRow')}
          </Button>
        </>
      )}
    </Form.List>
  );
}
