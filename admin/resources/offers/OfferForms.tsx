import { ImageField, ImageInput } from 'react-admin';
import { MAX_OFFER_IMAGES, offerFieldsFor, offerSchema } from '../../../schemas';
import { CategorySelectInput } from '../../components/CategorySelectInput';
import { buildResource } from '../buildResource';
import { validatorsFor } from '../validation';

/** The generic product forms from the registry: the fields of the chosen type, the category tree and the photos. */
const generated = buildResource(offerSchema, {
  formFields: (values) => offerFieldsFor(String(values.type ?? 'common')),
  inputs: {
    categoryId: (f) => <CategorySelectInput source="categoryId" label={f.label} validate={validatorsFor(f)} fullWidth helperText={false} />,
  },
  extraInputs: (
    <ImageInput source="images" label="resources.offers.fields.images" multiple options={{ maxFiles: MAX_OFFER_IMAGES }} accept={{ 'image/png': ['.png'], 'image/gif': ['.gif'], 'image/jpeg': ['.jpg', '.jpeg'] }}>
      <ImageField source="src" title="title" />
    </ImageInput>
  ),
});

export const OfferEdit = generated.edit!;
export const OfferCreate = generated.create!;
