export {
  happeningSchema,
  idParams,
  newsQuery,
  newsResponse,
  productSchema,
  scholarshipSchema,
} from '../../../contract/content';
