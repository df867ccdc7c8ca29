import ErrorCode from "./ErrorCode";
export default class MissingParameterError extends Error {
    code: ErrorCode;
    constructor(message: string);
}
