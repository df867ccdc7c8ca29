import ErrorCode from "./ErrorCode";
export default class UnknownError extends Error {
    code: ErrorCode;
    constructor(message?: string);
}
