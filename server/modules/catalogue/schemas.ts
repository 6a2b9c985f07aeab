export {
  type Subject as SubjectJson,
  subjectSchema,
  subjectsBySectionBody,
} from '../../../contract/catalogue';
