// Reports
